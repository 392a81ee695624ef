function main (asm, 299 bytes)
    00000  jmp 000000000000007Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: div
    00013  mov rax,rsi
    00016  mov rcx,rdi
    00019  test rcx,rcx
    0001c  je 0000000000000047h
    00022  cmp rcx,0FFFFFFFFFFFFFFFFh
    00029  jne 0000000000000037h
    0002f  neg rax
    00032  jmp 000000000000003Ch
    00037  cqo
    00039  idiv rcx
    0003c  mov rsi,rax
; line 6: ret
    0003f  mov rax,rsi
    00042  mov rsp,rbp
    00045  pop rbp
    00046  ret
; trap: division by zero at line 5
    00047  mov rdi,[r15+30h]
    0004e  mov rsi,0
    00058  mov rdx,0
    00062  mov rax,ADDR
    0006c  call rax  ; jit_trap
    0006e  jmp 0000000000000073h
; unwind to the entry from the interpreter
    00073  mov rsp,[r15+28h]
    0007a  ret
; external entry (from the interpreter)
    0007b  push rbp
    0007c  mov rbp,rsp
    0007f  push rbx
    00080  push r12
    00082  push r13
    00084  push r14
    00086  push r15
    00088  mov r15,ADDR
    00092  mov [r15+30h],rdi
    00099  push qword ptr [r15+28h]
    000a0  mov r14,8
    000aa  mov r13,[r15+10h]
    000b1  sub r13,[r15]
    000b8  lea rax,[104h]
    000bf  push rax
    000c0  mov [r15+28h],rsp
    000c7  sub rsp,8
    000cb  mov rdx,rsi
    000ce  sub rsp,10h
    000d5  mov rsi,[rdx]
    000dc  mov rdi,[rdx+8]
    000e3  call 8
    000e8  xor edx,edx
    000ea  lea rsp,[rbp-30h]
    000f1  pop rcx
    000f2  mov [r15+28h],rcx
    000f9  pop r15
    000fb  pop r14
    000fd  pop r13
    000ff  pop r12
    00101  pop rbx
    00102  pop rbp
    00103  ret
    00104  lea rbp,[rsp+30h]
    0010c  mov edx,1
    00111  lea rsp,[rbp-30h]
    00118  pop rcx
    00119  mov [r15+28h],rcx
    00120  pop r15
    00122  pop r14
    00124  pop r13
    00126  pop r12
    00128  pop rbx
    00129  pop rbp
    0012a  ret

