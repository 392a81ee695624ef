function main (asm, 301 bytes)
    00000  jmp 0000000000000088h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r9,rsi
    00016  mov edi,0
    0001c  mov esi,0
; line 9: jge
    00022  cmp rsi,r9
    00025  jl 000000000000004Dh
    0002b  jmp 0000000000000076h
    00030  nop [rax+rax]
    00039  nop [rax]
; line 14: add
    00040  add rsi,1
; line 15: jmp
; line 9: jge
    00044  cmp rsi,r9
    00047  jge 0000000000000076h
; line 10: and
    0004d  test rsi,3
    00054  jne 0000000000000040h
; line 12: div
    00056  mov rax,6666666666666667h
    00060  imul rsi
    00063  sar rdx,1
    00067  mov rax,rdx
    0006a  shr rax,3Fh
    0006e  add rax,rdx
    00071  mov rdi,rax
    00074  jmp 0000000000000040h
; line 17: ret
    00076  mov rax,rdi
    00079  mov rsp,rbp
    0007c  pop rbp
    0007d  ret
    0007e  jmp 0000000000000040h
; unwind to the entry from the interpreter
    00080  mov rsp,[r15+28h]
    00087  ret
; external entry (from the interpreter)
    00088  push rbp
    00089  mov rbp,rsp
    0008c  push rbx
    0008d  push r12
    0008f  push r13
    00091  push r14
    00093  push r15
    00095  mov r12,rdi
    00098  mov r15,ADDR
    000a2  push qword ptr [r15+28h]
    000a9  mov r14,8
    000b3  mov r13,[r15+10h]
    000ba  sub r13,[r15]
    000c1  lea rax,[106h]
    000c8  push rax
    000c9  mov [r15+28h],rsp
    000d0  sub rsp,8
    000d4  mov rdx,rsi
    000d7  sub rsp,10h
    000de  mov rsi,[rdx]
    000e5  call 8
    000ea  xor edx,edx
    000ec  lea rsp,[rbp-30h]
    000f3  pop rcx
    000f4  mov [r15+28h],rcx
    000fb  pop r15
    000fd  pop r14
    000ff  pop r13
    00101  pop r12
    00103  pop rbx
    00104  pop rbp
    00105  ret
    00106  lea rbp,[rsp+30h]
    0010e  mov edx,1
    00113  lea rsp,[rbp-30h]
    0011a  pop rcx
    0011b  mov [r15+28h],rcx
    00122  pop r15
    00124  pop r14
    00126  pop r13
    00128  pop r12
    0012a  pop rbx
    0012b  pop rbp
    0012c  ret

