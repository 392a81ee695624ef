function main (asm, 334 bytes)
    00000  jmp 00000000000000A5h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  sub rsp,0
    00029  mov r9,rsi
    0002c  mov edi,0
    00032  mov esi,0
; line 9: jge
    00038  cmp rsi,r9
    0003b  jl 000000000000006Dh
    00041  jmp 0000000000000096h
    00046  nop [rax+rax]
    0004f  nop [rax+rax]
    00058  nop [rax+rax]
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
; unwind to the entry from the interpreter
    000a0  mov rsp,[r15+28h]
    000a4  ret
; external entry (from the interpreter)
    000a5  push rbp
    000a6  mov rbp,rsp
    000a9  push rbx
    000aa  push r12
    000ac  push r13
    000ae  push r14
    000b0  push r15
    000b2  mov r15,ADDR
    000bc  mov [r15+30h],rdi
    000c3  push qword ptr [r15+28h]
    000ca  mov r14,8
    000d4  mov r13,[r15+10h]
    000db  sub r13,[r15]
    000e2  lea rax,[127h]
    000e9  push rax
    000ea  mov [r15+28h],rsp
    000f1  sub rsp,8
    000f5  mov rdx,rsi
    000f8  sub rsp,10h
    000ff  mov rsi,[rdx]
    00106  call 8
    0010b  xor edx,edx
    0010d  lea rsp,[rbp-30h]
    00114  pop rcx
    00115  mov [r15+28h],rcx
    0011c  pop r15
    0011e  pop r14
    00120  pop r13
    00122  pop r12
    00124  pop rbx
    00125  pop rbp
    00126  ret
    00127  lea rbp,[rsp+30h]
    0012f  mov edx,1
    00134  lea rsp,[rbp-30h]
    0013b  pop rcx
    0013c  mov [r15+28h],rcx
    00143  pop r15
    00145  pop r14
    00147  pop r13
    00149  pop r12
    0014b  pop rbx
    0014c  pop rbp
    0014d  ret

