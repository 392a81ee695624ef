function main (asm, 344 bytes)
    00000  jmp 00000000000000B3h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov rax,0
    00012  cmp rax,rsi
    00015  jge 00000000000000A0h
    0001b  push rbp
    0001c  mov rbp,rsp
    0001f  sub rsp,0
    00026  mov r9,rsi
    00029  mov edi,0
    0002f  mov esi,0
; line 9: jge
    00035  cmp rsi,r9
    00038  jl 000000000000006Dh
    0003e  jmp 0000000000000096h
    00043  nop [rax+rax]
    0004c  nop [rax+rax]
    00055  nop [rax+rax]
    0005e  xchg ax,ax
; line 14: add
    00060  add rsi,1
; line 15: jmp
; line 9: jge
    00064  cmp rsi,r9
    00067  jge 0000000000000096h
; line 10: and
    0006d  test rsi,3
    00074  jne 0000000000000060h
; line 12: div
    00076  mov rax,6666666666666667h
    00080  imul rsi
    00083  sar rdx,1
    00087  mov rax,rdx
    0008a  shr rax,3Fh
    0008e  add rax,rdx
    00091  mov rdi,rax
    00094  jmp 0000000000000060h
; line 17: ret
    00096  mov rax,rdi
    00099  mov rsp,rbp
    0009c  pop rbp
    0009d  ret
    0009e  jmp 0000000000000060h
; return before the frame
    000a0  mov rax,0
    000aa  ret
; unwind to the entry from the interpreter
    000ab  mov rsp,[r15+28h]
    000b2  ret
; external entry (from the interpreter)
    000b3  push rbp
    000b4  mov rbp,rsp
    000b7  push rbx
    000b8  push r12
    000ba  push r13
    000bc  push r14
    000be  push r15
    000c0  mov r12,rdi
    000c3  mov r15,ADDR
    000cd  push qword ptr [r15+28h]
    000d4  mov r14,8
    000de  mov r13,[r15+10h]
    000e5  sub r13,[r15]
    000ec  lea rax,[131h]
    000f3  push rax
    000f4  mov [r15+28h],rsp
    000fb  sub rsp,8
    000ff  mov rdx,rsi
    00102  sub rsp,10h
    00109  mov rsi,[rdx]
    00110  call 8
    00115  xor edx,edx
    00117  lea rsp,[rbp-30h]
    0011e  pop rcx
    0011f  mov [r15+28h],rcx
    00126  pop r15
    00128  pop r14
    0012a  pop r13
    0012c  pop r12
    0012e  pop rbx
    0012f  pop rbp
    00130  ret
    00131  lea rbp,[rsp+30h]
    00139  mov edx,1
    0013e  lea rsp,[rbp-30h]
    00145  pop rcx
    00146  mov [r15+28h],rcx
    0014d  pop r15
    0014f  pop r14
    00151  pop r13
    00153  pop r12
    00155  pop rbx
    00156  pop rbp
    00157  ret

