//! The SGF game tree: an arena of nodes, so that neither building, walking nor dropping a tree
//! recurses on its depth.

use super::encoding::{decode_simple_text, decode_text, TextEncoding};

/// The index of a node in its [`Collection`].
pub type NodeId = usize;

/// One property: its identifier (upper-case letters only; the lower-case letters of old FF\[1\]–
/// FF\[3\] identifiers are dropped) and its values as raw bytes, still escaped as in the file
/// (decode text with [`Collection::text`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The identifier, e.g. `B`, `AB`, `SZ`.
    pub id: String,
    /// The raw values, one per `[...]`, without the brackets.
    pub values: Vec<Vec<u8>>,
}

/// One node: its properties in file order, its parent and its children (the first child is
/// the main line).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Node {
    /// The properties, in the order of the file.
    pub props: Vec<Property>,
    /// The parent node, `None` for a game's root.
    pub parent: Option<NodeId>,
    /// The children; the first one continues the main line.
    pub children: Vec<NodeId>,
}

impl Node {
    /// The property with identifier `id`, if present.
    pub fn get(&self, id: &str) -> Option<&Property> {
        self.props.iter().find(|p| p.id == id)
    }

    /// The first value of property `id`, if present.
    pub fn value(&self, id: &str) -> Option<&[u8]> {
        self.get(id)
            .and_then(|p| p.values.first())
            .map(Vec::as_slice)
    }
}

/// A collection of game trees (an SGF file), stored as an arena of nodes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Collection {
    pub(crate) nodes: Vec<Node>,
    pub(crate) roots: Vec<NodeId>,
}

impl Collection {
    /// The root node of every game in the file, in order.
    pub fn roots(&self) -> &[NodeId] {
        &self.roots
    }

    /// The node with index `id`.
    ///
    /// # Panics
    /// When `id` is not a node of this collection.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id]
    }

    /// Number of nodes in all games.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the collection has no node at all.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The main line from `root`: the node itself, then the first child at every step.
    pub fn main_line(&self, root: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(Some(root), move |&n| {
            self.nodes[n].children.first().copied()
        })
    }

    /// The root of the game that `id` belongs to.
    pub fn root_of(&self, mut id: NodeId) -> NodeId {
        while let Some(p) = self.nodes[id].parent {
            id = p;
        }
        id
    }

    /// The text encoding of the game whose root is `root` (its `CA` property).
    pub fn encoding(&self, root: NodeId) -> TextEncoding {
        TextEncoding::from_ca(self.nodes[root].value("CA"))
    }

    /// The first value of property `id` at node `node`, decoded as SGF Text (escapes removed,
    /// soft line breaks joined) in the encoding of the node's game.
    pub fn text(&self, node: NodeId, id: &str) -> Option<String> {
        let v = self.nodes[node].value(id)?;
        Some(decode_text(v, self.encoding(self.root_of(node))))
    }

    /// The first value of property `id` at node `node`, decoded as SGF SimpleText (as
    /// [`Collection::text`], with every line break and tab turned into a space).
    pub fn simple_text(&self, node: NodeId, id: &str) -> Option<String> {
        let v = self.nodes[node].value(id)?;
        Some(decode_simple_text(v, self.encoding(self.root_of(node))))
    }

    pub(crate) fn add_node(&mut self, parent: Option<NodeId>) -> NodeId {
        let id = self.nodes.len();
        self.nodes.push(Node {
            props: Vec::new(),
            parent,
            children: Vec::new(),
        });
        match parent {
            Some(p) => self.nodes[p].children.push(id),
            None => self.roots.push(id),
        }
        id
    }

    pub(crate) fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id]
    }
}
